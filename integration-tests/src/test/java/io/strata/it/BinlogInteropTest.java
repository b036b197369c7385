package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.it.SparkSessionSuite.Database;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.system.SystemTableLoader;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code t$binlog}: a batch read shows what Apache Paimon 1.3.1's {@code $binlog} shows (each row's
 * values as one-element arrays), and a stream packs an update's before and after images into one
 * {@code +U} row, as Paimon's does.
 */
@Database(BinlogInteropTest.DB)
class BinlogInteropTest extends SparkSessionSuite {

  static final String DB = "binlog";

  @TempDir Path checkpoints;

  private static void sql(String statement) {
    spark.sql(statement);
  }

  /** Paimon's own {@code $binlog} of {@code table}, read in one batch, rendered and sorted. */
  private static List<String> paimonBinlog(String table) {
    Table t = SystemTableLoader.load("binlog", paimon.table(DB, table));
    ReadBuilder builder = t.newReadBuilder();
    List<String> out = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(row -> out.add(CanonicalRows.paimon(t.rowType(), row)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    out.sort(null);
    return out;
  }

  @Test
  void aBatchReadShowsEachRowAsOneElementArraysAsPaimonDoes() {
    String t = "strata." + DB + ".batch";
    sql("CREATE TABLE " + t + " (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id')");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, NULL)");
    sql("INSERT INTO " + t + " VALUES (2, 'b2')");
    String binlog = "strata." + DB + ".`batch$binlog`";

    assertThat(spark.table(binlog).schema().simpleString())
        .isEqualTo("struct<rowkind:string,id:array<int>,v:array<string>>");
    List<String> strata = CanonicalRows.spark(spark.sql("SELECT * FROM " + binlog).collectAsList());
    assertThat(strata)
        .isEqualTo(paimonBinlog("batch"))
        .contains("+I | [1] | [a]", "+I | [3] | [NULL]")
        .hasSize(3);
    assertThat(
            CanonicalRows.spark(
                spark.sql("SELECT v FROM " + binlog + " WHERE id[0] = 2").collectAsList()))
        .as("pruned to one column and filtered by Spark")
        .containsExactly("[b2]");
  }

  @Test
  void aStreamPacksAnUpdatesBeforeAndAfterImagesIntoOneRow() throws Exception {
    String t = "strata." + DB + ".stream";
    sql(
        "CREATE TABLE "
            + t
            + " (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1',"
            + " 'changelog-producer' = 'lookup')");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b')");
    String binlog = "strata." + DB + ".`stream$binlog`";
    assertThat(stream(binlog)).containsExactlyInAnyOrder("+I | [1] | [a]", "+I | [2] | [b]");

    sql("INSERT INTO " + t + " VALUES (2, 'b2'), (3, 'c')");
    sql("DELETE FROM " + t + " WHERE id = 1");
    assertThat(stream(binlog))
        .containsExactlyInAnyOrder("+U | [2, 2] | [b, b2]", "+I | [3] | [c]", "-D | [1] | [a]");
  }

  /** What one AvailableNow run of a stream of {@code table} emitted since its last run. */
  private List<String> stream(String table) throws Exception {
    List<String> rows = Collections.synchronizedList(new ArrayList<>());
    StreamingQuery query =
        spark
            .readStream()
            .table(table)
            .writeStream()
            .option("checkpointLocation", checkpoints.resolve("binlog").toString())
            .trigger(Trigger.AvailableNow())
            .foreachBatch(
                (VoidFunction2<Dataset<Row>, Long>)
                    (batch, id) -> rows.addAll(CanonicalRows.spark(batch.collectAsList())))
            .start();
    query.awaitTermination();
    return rows;
  }
}
