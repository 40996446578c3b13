"""Benchmarks (bench_*.py), each printing its figures beside a baseline measured in the same run, and the bot's
benchmark opponents (pubeval, gnubg_opponent). See docs/tools.md."""
