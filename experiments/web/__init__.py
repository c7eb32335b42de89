"""The local web app (``skagway serve``): replay stored games and play the bots in a browser.

``boards`` draws each game's table as SVG from a state, for one seat or for the whole truth.
"""
