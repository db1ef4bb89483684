CREATE TABLE docs (id INT PRIMARY KEY, title VARCHAR(100) NOT NULL, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED)
CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3'
INSERT INTO docs (id, title, body) VALUES (1, 'en-a', 'SimHash fingerprints find near duplicate documents quickly in large collections of web pages'), (2, 'en-b', 'SimHash fingerprints find near duplicate documents quickly in large collections of web pages today'), (3, '中文-甲', '相似文档检测使用局部敏感哈希，在海量网页中快速找到近似重复的内容'), (4, '中文-乙', '相似文档检测使用局部敏感哈希，在海量网页中快速找到近似重复的文章内容'), (5, '中文-丙', '今天天气很好，我们去公园散步吧')
SELECT 'inserted', COUNT(*) FROM docs
SELECT 'row', id, title, fp FROM docs ORDER BY id
SELECT 'near', id, hamming(fp, simhash('相似文档检测使用局部敏感哈希，在海量网页中快速找到近似重复的内容')) AS d FROM docs WHERE hamming(fp, simhash('相似文档检测使用局部敏感哈希，在海量网页中快速找到近似重复的内容')) <= 3 ORDER BY id
SELECT 'jaccard', id, FORMAT(jaccard(body, '相似文档检测使用局部敏感哈希，在海量网页中快速找到近似重复的内容'), 3) FROM docs WHERE id IN (3, 4) ORDER BY id
SELECT 'pair', left_id, right_id, distance FROM near_duplicates('docs', 'fp', 3) ORDER BY left_id
SELECT 'column', COLUMN_NAME, COLUMN_TYPE, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'simsql' AND TABLE_NAME = 'docs' ORDER BY ORDINAL_POSITION
help
help docs
