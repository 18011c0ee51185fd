-- What identifies the current contents of an FTS5 index: its averages record (id 1: row count and token
-- totals) and its structure record (id 10: the segments, rewritten by every transaction that writes).
-- Identifiers: {data} (the FTS table's shadow table <fts>_data).
SELECT id, block FROM {data} WHERE id IN (1, 10) ORDER BY id
