-- Stories written before documents (the seeded ones) get a plain-text excerpt and a word count
-- from their HTML body, so library cards never show markup. New stories get both from the
-- server's renderer on every save.
UPDATE "stories" SET
  "excerpt" = left(btrim(regexp_replace(replace(replace(replace(replace(replace(
    regexp_replace(regexp_replace("body", '</(p|h[1-6]|li)>|<br\s*/?>', ' ', 'gi'), '<[^>]*>', '', 'g'),
    '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), '\s+', ' ', 'g')), 160),
  "word_count" = coalesce(array_length(regexp_split_to_array(btrim(regexp_replace(regexp_replace("body", '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g')), ' '), 1), 0)
WHERE "doc" IS NULL AND "excerpt" = '' AND "body" <> '';
