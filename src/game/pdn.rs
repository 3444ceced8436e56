//! PDN export and import of games.
