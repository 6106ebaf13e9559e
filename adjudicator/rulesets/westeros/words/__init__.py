"""Westeros's words: names and sentences, for the rules and the order language alike."""
