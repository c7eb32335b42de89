"""Marker movement on the three tracks (rulebook: Schedule).

Each function moves one player's marker in place and follows the track's own rule:
training bumps forward, panning bumps backward and justifies to the north shore,
work never conflicts.
"""

from __future__ import annotations

from .components import Components

HEAD_START_BOXES = 3
"""[Scheduling Training] the previous round's 1st, 2nd and 3rd start ahead."""

HEAD_START_READINGS = ("first_on_3", "first_on_1")
"""The two readings of which space each place box stands for (RULES_NOTES T1)."""


def head_start_position(box: int, reading: str = "first_on_3") -> int:
    """Space a marker in place box 1, 2 or 3 counts its movement from.

    [Scheduling Training] "the best barbers from the previous round will start from
    the 1st, 2nd and 3rd spaces ... start movement from the next space on the track".
    ``first_on_3`` (default): the 1st-place marker stands in for space 3, 2nd for 2,
    3rd for 1, so the better barber keeps the bigger lead ("Players who placed 1st,
    2nd, and 3rd get a positional advantage", Starting the Next Round).
    ``first_on_1``: place k stands on space k, the sentence's literal order
    (RULES_NOTES.md, note T1).
    """
    return box if reading == "first_on_1" else HEAD_START_BOXES + 1 - box


def move_train(pos: list[int], box: list[int], me: int, steps: int, comp: Components) -> None:
    """[Scheduling Training] Move ``me`` ``steps`` spaces, bumping forward.

    No two markers share a space (space 0, the start, excepted). Markers still in a
    place box do not block spaces 1-3.
    """
    if steps <= 0:
        return
    occupied = {pos[q] for q in range(len(pos)) if q != me and box[q] == 0 and pos[q] > 0}
    last = comp.train_last_space
    target = min(pos[me] + steps, last)
    while target in occupied and target < last:
        target += 1
    while target in occupied:  # only when the far end is crowded (never with bundled data)
        target -= 1
    pos[me] = target
    box[me] = 0


def move_work(work: list[int], me: int, steps: int, comp: Components) -> None:
    """[Scheduling Work] Any number of markers may share a space."""
    work[me] = min(work[me] + steps, comp.work_last)


def move_pan(pan: list[int], me: int, steps: int, comp: Components,
             by_spaces: bool = False) -> list[int]:
    """[Scheduling Panning] Move ``me`` upriver, bumping backward into free room.

    ``steps`` count printed numbers, or whole spaces when ``by_spaces`` (RULES_NOTES
    P1). A space with several numbers holds that many markers, placed against the north
    shore (the bigger number) first; when a marker leaves such a space the markers
    left behind are justified north again. Returns the other seats that slid.
    """
    if steps <= 0:
        return []
    space_of, spaces = comp.pan_space_of, comp.pan_spaces
    old = pan[me]
    others = pan[:me] + pan[me + 1:]
    if by_spaces:
        space = min(space_of[old] + steps, len(spaces) - 1)
    else:
        space = space_of[min(old + steps, comp.pan_last)]
    # the biggest free number of the farthest space with room, else the start (0); a
    # number of that space is taken when another marker stands on it, and the numbers
    # of a space ascend (components.py), so the first free one from the end
    target = 0
    while space > 0 and not target:
        for number in reversed(spaces[space]):
            if number not in others:
                target = number
                break
        else:
            space -= 1
    pan[me] = target
    return justify_north(pan, space_of[old], comp)


def justify_north(pan: list[int], space: int, comp: Components) -> list[int]:
    """Slide the markers in ``space`` to its biggest numbers, keeping their order.

    Returns the seats whose number changed.
    """
    numbers = comp.pan_spaces[space]
    if space == 0 or len(numbers) == 1:
        return []
    inside = sorted(
        (q for q in range(len(pan)) if comp.pan_space_of[pan[q]] == space),
        key=lambda q: pan[q],
        reverse=True,
    )
    moved = []
    for slot, q in zip(sorted(numbers, reverse=True), inside, strict=False):
        if pan[q] != slot:
            pan[q] = slot
            moved.append(q)
    return moved
