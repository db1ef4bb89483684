// Client drives simsql through JDBC with Debian's MariaDB Connector/J
// (libmariadb-java, /usr/share/java/mariadb-java-client.jar).
//
// Usage: java -cp mariadb-java-client.jar:. Client PORT ROWS [PREPARE]
// ROWS is clients/rows.tsv (id, title, body); PREPARE (default false) is
// the connector's useServerPrepStmts. Runs the scenario every client test
// shares (see sqltests/clients_test.go), then the metadata calls BI tools
// make (ResultSetMetaData; DatabaseMetaData getCatalogs, getTableTypes,
// getTables, getColumns, getPrimaryKeys, getBestRowIdentifier,
// getImportedKeys, getIndexInfo), and prints one tab-separated line per
// fact; the Go test compares the output with the exact expected text.

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

public class Client {
    /** loadRows reads clients/rows.tsv: {id, title, body} with id an Integer. */
    static List<Object[]> loadRows(String path) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(path), StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", 3);
            rows.add(new Object[] {Integer.valueOf(f[0]), f[1], f[2]});
        }
        return rows;
    }

    static void out(Object... fields) {
        StringJoiner j = new StringJoiner("\t");
        for (Object f : fields) {
            j.add(String.valueOf(f));
        }
        System.out.println(j);
    }

    public static void main(String[] args) throws Exception {
        List<Object[]> rows = loadRows(args[1]);
        String prepare = args.length > 2 ? args[2] : "false";
        String url = "jdbc:mariadb://127.0.0.1:" + args[0] + "/simsql?user=root&useServerPrepStmts=" + prepare;
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE docs (id INT PRIMARY KEY, title VARCHAR(100) NOT NULL, body TEXT, "
                        + "fp BIGINT UNSIGNED AS (simhash(body)) STORED)");
                st.execute("CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3'");
            }
            int inserted = 0;
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO docs (id, title, body) VALUES (?, ?, ?)")) {
                for (Object[] r : rows) {
                    ps.setInt(1, (Integer) r[0]);
                    ps.setString(2, (String) r[1]);
                    ps.setString(3, (String) r[2]);
                    inserted += ps.executeUpdate();
                }
            }
            out("inserted", inserted);

            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT id, title, fp FROM docs ORDER BY id")) {
                while (rs.next()) {
                    out("row", rs.getInt(1), rs.getString(2), rs.getBigDecimal(3).toBigInteger());
                }
            }
            String probe = (String) rows.get(2)[2];
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT id, hamming(fp, simhash(?)) AS d FROM docs WHERE hamming(fp, simhash(?)) <= 3 ORDER BY id")) {
                ps.setString(1, probe);
                ps.setString(2, probe);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out("near", rs.getInt(1), rs.getInt(2));
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT id, ROUND(jaccard(body, ?), 3) AS j FROM docs WHERE id IN (?, ?) ORDER BY id")) {
                ps.setString(1, probe);
                ps.setInt(2, 3);
                ps.setInt(3, 4);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out("jaccard", rs.getInt(1), String.format("%.3f", rs.getDouble(2)));
                    }
                }
            }
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery(
                         "SELECT left_id, right_id, distance FROM near_duplicates('docs', 'fp', 3) ORDER BY left_id")) {
                while (rs.next()) {
                    out("pair", rs.getString(1), rs.getString(2), rs.getInt(3));
                }
            }

            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT id, fp, hamming(fp, 0) FROM docs WHERE id = 1")) {
                ResultSetMetaData m = rs.getMetaData();
                for (int i = 1; i <= m.getColumnCount(); i++) {
                    out("rsmd", m.getColumnLabel(i), m.getColumnTypeName(i), m.isSigned(i), m.getColumnClassName(i),
                            m.getTableName(i));
                }
                rs.next();
                out("fp", rs.getObject(2));
            }

            DatabaseMetaData md = c.getMetaData();
            out("product", md.getDatabaseProductName().isEmpty() ? "" : "named", md.getDatabaseMajorVersion());
            try (ResultSet rs = md.getCatalogs()) {
                while (rs.next()) {
                    out("catalog", rs.getString("TABLE_CAT"));
                }
            }
            try (ResultSet rs = md.getTableTypes()) {
                while (rs.next()) {
                    out("table type", rs.getString("TABLE_TYPE"));
                }
            }
            try (ResultSet rs = md.getTables("simsql", null, "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    out("table", rs.getString("TABLE_CAT"), rs.getString("TABLE_NAME"), rs.getString("TABLE_TYPE"));
                }
            }
            try (ResultSet rs = md.getColumns("simsql", null, "docs", "%")) {
                while (rs.next()) {
                    out("column", rs.getString("COLUMN_NAME"), rs.getString("TYPE_NAME"), rs.getInt("DATA_TYPE"),
                            rs.getString("IS_NULLABLE"), rs.getInt("ORDINAL_POSITION"),
                            rs.getString("IS_GENERATEDCOLUMN"));
                }
            }
            try (ResultSet rs = md.getPrimaryKeys("simsql", null, "docs")) {
                while (rs.next()) {
                    out("pk", rs.getString("COLUMN_NAME"), rs.getInt("KEY_SEQ"), rs.getString("PK_NAME"));
                }
            }
            try (ResultSet rs = md.getBestRowIdentifier("simsql", null, "docs", DatabaseMetaData.bestRowSession, false)) {
                while (rs.next()) {
                    out("best row", rs.getString("COLUMN_NAME"), rs.getString("TYPE_NAME"));
                }
            }
            try (ResultSet rs = md.getImportedKeys("simsql", null, "docs")) {
                int n = 0;
                while (rs.next()) {
                    n++;
                }
                out("imported keys", n);
            }
            try (ResultSet rs = md.getIndexInfo("simsql", null, "docs", false, false)) {
                while (rs.next()) {
                    out("index", rs.getString("INDEX_NAME"), rs.getString("COLUMN_NAME"),
                            rs.getBoolean("NON_UNIQUE"), rs.getInt("ORDINAL_POSITION"));
                }
            }
        }
    }
}
