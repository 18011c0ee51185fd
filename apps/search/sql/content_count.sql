-- Records of one source (its content table): the N of the corpus-wide idf that weighs a query's words when
-- hybrid search asks how much of a query a lexical-only hit has (apps/search/coverage.py).
-- Identifiers: {content}.
SELECT count(*) FROM {content}
