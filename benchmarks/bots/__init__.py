"""Bot figures: style separation, win rates with confidence intervals, decision and speech
timing.  See README.md here for the commands."""
