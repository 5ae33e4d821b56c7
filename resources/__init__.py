"""Icons, themes and translations of the desktop application."""
