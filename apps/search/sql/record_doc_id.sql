-- The content-table row id of a record, by its public id (for the similar-records endpoint).
-- Identifiers: {content}, {id_col}. Parameters: :public_id.
SELECT id FROM {content} WHERE {id_col} = :public_id
