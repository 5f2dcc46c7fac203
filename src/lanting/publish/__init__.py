"""`lanting deploy`: publish a built output folder without a CI service — as a commit on a
branch of the site's git repository (`gitpages`), or by copying what changed into a
folder (`mirror`). Used by the command line only; nothing in a build uses it."""
