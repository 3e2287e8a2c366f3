"""What a chain outcome counts as: the ``say`` object reduced to one comparable label."""

from __future__ import annotations


def label(say: dict[str, object]) -> str | None:
    """``"p3 cbr 200"``, ``"refused"``, ``"question:pot"``, ``"table:deal"``,
    ``"confirm:yes"``, or None when nothing was understood ("didn't catch that").

    >>> label({"intent": "call", "action": "p2 cc", "error": None})
    'p2 cc'
    >>> label({"intent": "question: to_call", "action": None, "error": None})
    'question:to_call'
    >>> label({"intent": 'not a command (closest: "call")', "action": None, "error": None})
    >>> label({"intent": "check", "action": None, "error": "check is not possible"})
    'refused'
    """
    if say.get("action"):
        return str(say["action"])
    intent = str(say.get("intent") or "")
    if intent.startswith("not a command"):
        return None
    for kind in ("question", "table"):
        if intent.startswith(kind + ":"):
            return kind + ":" + intent.split(":", 1)[1].strip()
    if intent in ("yes", "no"):
        return "confirm:" + intent
    return "refused"


def is_acting(outcome: str | None) -> bool:
    """Outcomes that change the game: a betting action, a table command or a "yes"."""
    return outcome is not None and (
        outcome.startswith("p") or outcome.startswith("table:") or outcome == "confirm:yes"
    )


def acted(say: dict[str, object]) -> bool:
    """Whether the game changes anything: an acting outcome it does not refuse ("deal" heard
    during a hand is refused, as the game refuses it, and changes nothing).

    >>> acted({"intent": "table: deal", "action": None, "error": None})
    True
    >>> acted({"intent": "table: deal", "action": None, "error": "a hand is being played"})
    False
    """
    return is_acting(label(say)) and not say.get("error")


def with_pending(say: dict[str, object], sure: bool) -> dict[str, object]:
    """``say`` for a phrase answering a pending "yes?" (the confirm family).

    ``holdem say`` has nothing pending and refuses "yes"; in the game, a sure "yes" applies
    the waiting action — so a "no" heard as "yes" is a wrong action — and a doubted one asks
    again (:func:`voice.confirm.respond`).

    >>> heard = {"intent": "yes", "action": None, "error": "there is nothing to confirm"}
    >>> acted(with_pending(heard, sure=True)), with_pending(heard, sure=False)["confirm"]
    (True, True)
    >>> acted(with_pending({"intent": "no", "action": None, "error": None}, sure=True))
    False
    """
    heard = label(say)
    if heard not in ("confirm:yes", "confirm:no"):
        return say
    return {**say, "error": None, "confirm": heard == "confirm:yes" and not sure}


def cheap_right(row: dict) -> bool:
    """A benchmark row whose outcome is the betting action said, one the rules would take
    without a "yes" (the benchmark's "right cheap commands"); asking "yes?" for it all the
    same is "right but asked needlessly".

    >>> cheap_right({"outcome": "p3 cc", "expected": "p3 cc", "rules_confirm": False})
    True
    >>> cheap_right({"outcome": "p3 cbr 2000", "expected": "p3 cbr 2000",
    ...              "rules_confirm": True})
    False
    >>> cheap_right({"outcome": "table:pause", "expected": "table:pause", "rules_confirm": False})
    False
    """
    return bool(row["outcome"] == row["expected"] and row["expected"]
                and str(row["expected"]).startswith("p") and not row.get("rules_confirm", True))
