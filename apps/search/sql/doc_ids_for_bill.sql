-- Pre-filter: the content rows tied to one bill (SearchSpec.bill_column), before any vector is scored.
-- Identifiers: {content}, {bill_col}. Parameters: :bill_id (canonical, e.g. 'hr:119:103').
SELECT id FROM {content} WHERE {bill_col} = :bill_id
