"""The clan game: houses of Summon 7 players, the city, power cards, dining and the Uprising Meter."""
