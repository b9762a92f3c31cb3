"""Run by test_sigint.py in a child process: one decision against the stub at argv[1], whose
stream stalls; the parent sends SIGINT mid-stream. Prints the decision's source and last note."""
import json
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from companion.llm.config import Settings  # noqa: E402
from companion.llm.openai_voice import OpenAIVoice  # noqa: E402
from conftest import make_request  # noqa: E402
from fakegame import GAME  # noqa: E402

# Ctrl-C as a terminal sends it, whatever the parent's disposition: a child inherits SIGINT
# ignored or blocked from the process that starts it, and in the whole suite the signal was lost
# (the ledger: the stream ran on to the client's stall cut, 5 s, and its retries found no scripted
# reply), while the test alone passed.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
signal.signal(signal.SIGINT, signal.default_int_handler)
settings = Settings(voice="openai", model="stub-model", base_url=sys.argv[1], timeout=30.0,
                    voice_mode="free")
voice = OpenAIVoice(GAME, 1, settings)
request = make_request()


def on_text(text: str) -> None:
    print("STREAM", json.dumps(text), flush=True)


decision = voice.decide(request, on_text=on_text)
if decision.source != "model":  # the whole ledger, for the parent's assertion message
    print("NOTES", json.dumps(decision.notes, default=str), file=sys.stderr, flush=True)
legal = decision.action.key() in {a.key() for a in request.legal}
print("RESULT", json.dumps({"source": decision.source, "legal": legal,
                            "narration": decision.narration, "last": decision.notes[-1]}),
      flush=True)
