"""``total`` as a count of matching records, per source and overall, and how it was counted.

* lexical: every record the lexical query admits, with the filters (``constraints.admitted``: no depth cap);
  always exact;
* semantic: every record with a passage at or past the relevance floor (``semantic.Counted``): exact when the
  leg saw every chunk above the floor (an exact scan), else a lower bound;
* hybrid: the union of the two per source: exact when every record past the floor is among the vector leg's
  ranked ones (then the union is a set operation), else at least the union of what is known.
"""

from dataclasses import dataclass, field

import numpy as np

from apps.search.semantic import Counted


@dataclass
class Legs:
    admitted: dict[str, np.ndarray] = field(default_factory=dict)  # source -> lexical matches (ids)
    semantic: dict[str, Counted] = field(default_factory=dict)  # source -> records past the floor
    semantic_ids: dict[str, np.ndarray] = field(default_factory=dict)  # source -> the leg's ranked records
    approximate: list[str] = field(default_factory=list)

    def total(self, mode: str) -> tuple[int, str, dict[str, int]]:
        """(total, "exact" | "lower_bound", total per source with at least one record)."""
        per_source, exact = {}, True
        for source in sorted(set(self.admitted) | set(self.semantic)):
            count, known = self._source(source, mode)
            exact &= known
            if count:
                per_source[source] = count
        ordered = dict(sorted(per_source.items(), key=lambda kv: (-kv[1], kv[0])))
        return sum(per_source.values()), "exact" if exact else "lower_bound", ordered

    def _source(self, source: str, mode: str) -> tuple[int, bool]:
        lexical = self.admitted.get(source)
        counted = self.semantic.get(source)
        if mode == "lexical" or counted is None:
            return (0 if lexical is None else int(lexical.size)), True
        if mode == "semantic" or lexical is None:
            return counted.above, counted.complete
        seen = self.semantic_ids.get(source, np.zeros(0, dtype=np.int64))
        union = int(np.union1d(lexical, seen).size)
        all_seen = counted.above <= seen.size
        # records past the floor beyond the leg's depth: each adds one unless it is a lexical match as well
        return union, counted.complete and all_seen

    def members(self, mode: str) -> dict[str, np.ndarray]:
        """The records ``total`` counts, per source (what a date-ordered result lists): the lexical matches,
        the vector leg's ranked records past the floor, or (hybrid) their union."""
        out = {}
        empty = np.zeros(0, dtype=np.int64)
        for source in set(self.admitted) | set(self.semantic):
            lexical, seen = self.admitted.get(source), self.semantic_ids.get(source, empty)
            if mode == "lexical" or source not in self.semantic:
                out[source] = empty if lexical is None else lexical
            elif mode == "semantic" or lexical is None:
                out[source] = seen
            else:
                out[source] = np.union1d(lexical, seen)
        return out
