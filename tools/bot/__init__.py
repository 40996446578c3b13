"""The bot's training and data files: train_bot (self-play TD), bot_targets and distill_bot (distillation),
bot_batch (the search in numpy), bot_export (the shipped weights), make_bearoff (the bear-off table)."""
