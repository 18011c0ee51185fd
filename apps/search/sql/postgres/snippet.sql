-- The matched passage of one lexical hit: ts_headline over a bounded copy of the record's columns (cut in
-- Python, lexical.SNIPPET_WINDOW), with the \x02 / \x03 markers FTS5's snippet() uses (stripped later).
-- Parameters: :text (the columns' text, joined), :q (the tsquery of the hit's source).
SELECT ts_headline(
    'josh_english', :text, to_tsquery('josh_english', :q),
    'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=28, MinWords=12, MaxFragments=1'
)
