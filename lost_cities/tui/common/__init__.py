"""What the three apps share: the fitted screen, the key bar, form toggles, and the Rich drawing of cards."""
