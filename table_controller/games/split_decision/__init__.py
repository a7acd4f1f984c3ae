"""Split Decision's card mechanics as a table game (red-dog.md Part B) and Luck of the Draw (Part C)."""
