-- scenario.sql: the shared client scenario for the mariadb command-line
-- client (sqltests/clients_test.go runs it with --batch --skip-column-names).
-- Parameters go through SQL PREPARE ... EXECUTE ... USING.
CREATE TABLE docs (id INT PRIMARY KEY, title VARCHAR(100) NOT NULL, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED);
CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3';
SET @ins = 'INSERT INTO docs (id, title, body) VALUES (?, ?, ?)';
PREPARE ins FROM @ins;
SET @id = 1, @title = 'en-a', @body = 'SimHash fingerprints find near duplicate documents quickly in large collections of web pages';
EXECUTE ins USING @id, @title, @body;
SET @id = 2, @title = 'en-b', @body = 'SimHash fingerprints find near duplicate documents quickly in large collections of web pages today';
EXECUTE ins USING @id, @title, @body;
SET @id = 3, @title = '中文-甲', @body = '相似文档检测使用局部敏感哈希，在海量网页中快速找到近似重复的内容';
EXECUTE ins USING @id, @title, @body;
SET @id = 4, @title = '中文-乙', @body = '相似文档检测使用局部敏感哈希，在海量网页中快速找到近似重复的文章内容';
EXECUTE ins USING @id, @title, @body;
SET @id = 5, @title = '中文-丙', @body = '今天天气很好，我们去公园散步吧';
EXECUTE ins USING @id, @title, @body;
DEALLOCATE PREPARE ins;
SELECT 'inserted', COUNT(*) FROM docs;
SELECT 'row', id, title, fp FROM docs ORDER BY id;
SET @probe = '相似文档检测使用局部敏感哈希，在海量网页中快速找到近似重复的内容';
PREPARE near FROM 'SELECT ''near'', id, hamming(fp, simhash(?)) AS d FROM docs WHERE hamming(fp, simhash(?)) <= 3 ORDER BY id';
EXECUTE near USING @probe, @probe;
SET @a = 3, @b = 4;
PREPARE jac FROM 'SELECT ''jaccard'', id, FORMAT(jaccard(body, ?), 3) FROM docs WHERE id IN (?, ?) ORDER BY id';
EXECUTE jac USING @probe, @a, @b;
SELECT 'pair', left_id, right_id, distance FROM near_duplicates('docs', 'fp', 3) ORDER BY left_id;
SHOW FULL TABLES;
SHOW FULL COLUMNS FROM docs;
SHOW INDEX FROM docs;
SHOW CREATE TABLE docs;
SELECT 'session', @@version_comment IS NOT NULL, DATABASE();
