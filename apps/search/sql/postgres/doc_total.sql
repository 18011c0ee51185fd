-- How many records a source has (its idf's N). Identifiers: {content}.
SELECT count(*) FROM {content}
