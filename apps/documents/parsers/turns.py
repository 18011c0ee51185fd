"""Speaker turns in GPO floor and hearing text: a turn starts at a line like '  Mr. SESSIONS. ...'."""

import re
from dataclasses import dataclass

# "  Mr. SESSIONS.", "  Ms. LORETTA SANCHEZ of California.", "  The PRESIDING OFFICER.",
# "  The SPEAKER pro tempore.", "  Mr. McCONNELL." -- uppercase surnames (Mc/De prefixes allowed).
TURN_RE = re.compile(
    r"^  (?P<label>(?P<honorific>Mr|Mrs|Ms|Miss|Dr|Chairman|Chairwoman|Senator)\.? "
    r"(?P<name>(?:(?:Mc|Mac|De|Di|La|Le|Van|Von)?[A-Z][A-Z'\-]+)(?: (?:(?:Mc|Mac|De|Di|La|Le)?[A-Z][A-Z'\-]+))*)"
    r"(?: of (?P<state>[A-Z][a-z]+(?: [A-Z][a-z]+)?))?"
    r"|The (?P<office>(?:ACTING )?[A-Z][A-Z ]*[A-Z](?: pro tempore)?))\.(?: |$)",
    re.M,
)


@dataclass(frozen=True)
class Turn:
    order: int
    speaker: str
    speaker_name: str
    speaker_state: str
    text: str
    start_offset: int
    end_offset: int


def speaker_turns(body: str) -> list[Turn]:
    """Turns in order; each runs to the next turn or the end of the text. Offsets index ``body``."""
    matches = list(TURN_RE.finditer(body))
    turns = []
    for i, m in enumerate(matches):
        start = m.start() + 2  # skip the two-space indent
        end = matches[i + 1].start() if i + 1 < len(matches) else len(body)
        text = re.sub(r"(\n\s*_{3,}\s*)+$", "", body[start:end].rstrip()).rstrip()
        name = m.group("name") or m.group("office") or ""
        turns.append(
            Turn(
                order=i + 1,
                speaker=m.group("label"),
                speaker_name=name,
                speaker_state=m.group("state") or "",
                text=text,
                start_offset=start,
                end_offset=start + len(text),
            )
        )
    return turns
