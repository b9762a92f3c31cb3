"""Run by test_sigint.py in a child process: one decision against the stub at argv[1], whose
stream stalls; the parent sends SIGINT mid-stream. Prints the decision's source and last note."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from companion.llm.config import Settings  # noqa: E402
from companion.llm.openai_voice import OpenAIVoice  # noqa: E402
from conftest import make_request  # noqa: E402
from fakegame import GAME  # noqa: E402

settings = Settings(voice="openai", model="stub-model", base_url=sys.argv[1], timeout=30.0,
                    voice_mode="free")
voice = OpenAIVoice(GAME, 1, settings)
request = make_request()


def on_text(text: str) -> None:
    print("STREAM", json.dumps(text), flush=True)


decision = voice.decide(request, on_text=on_text)
legal = decision.action.key() in {a.key() for a in request.legal}
print("RESULT", json.dumps({"source": decision.source, "legal": legal,
                            "narration": decision.narration, "last": decision.notes[-1]}),
      flush=True)
