"""Print and play: the live deck and the rules card as PDFs at true card size (reportlab)."""
