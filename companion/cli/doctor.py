"""``doctor``: check the model configuration and the connection."""
from __future__ import annotations

from companion.cli.common import UserError


def cmd_doctor(args) -> int:
    try:
        from companion.llm import doctor
        from companion.llm.config import load_settings
    except ImportError as err:
        raise UserError(f"the language-model voice is not available: {err}") from None
    settings = load_settings(model=args.model, base_url=args.base_url, api_key=args.api_key,
                             budget_tokens=None)
    return doctor.main(settings, calibrate_n=getattr(args, "calibrate", 0))
