"""Spoken-command benchmark: corpus (``corpus``), synthesis (``synth``), runner (``run``)."""
