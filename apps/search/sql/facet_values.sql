-- Every value of one facet column of a source (SearchSpec.facets), for the facet's vocabulary.
-- Identifiers: {content}, {col}. No parameters.
SELECT DISTINCT {col} FROM {content}
