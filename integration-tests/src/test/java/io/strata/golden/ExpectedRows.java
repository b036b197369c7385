package io.strata.golden;

import io.strata.it.CanonicalRows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;

/**
 * {@code expected/<table>/{latest,snapshot-<id>,tag-<name>}.tsv}: what Paimon itself reads from
 * every version still on disk, in the README's rendering (header, then rows sorted as strings).
 */
final class ExpectedRows {

  private ExpectedRows() {}

  static void write(GoldenWarehouse w, List<String> tables, Path expected) throws IOException {
    for (String name : tables) {
      Path dir = Files.createDirectories(expected.resolve(name));
      FileStoreTable table = w.table(name);
      tsv(table, dir.resolve("latest.tsv"));
      Iterator<Snapshot> snapshots = table.snapshotManager().snapshots();
      while (snapshots.hasNext()) {
        long id = snapshots.next().id();
        // Time travel reads the snapshot under its own schema, as the header then shows.
        tsv(
            table.copy(Map.of("scan.snapshot-id", String.valueOf(id))),
            dir.resolve("snapshot-" + id + ".tsv"));
      }
      for (String tag : table.tagManager().allTagNames()) {
        tsv(table.copy(Map.of("scan.tag-name", tag)), dir.resolve("tag-" + tag + ".tsv"));
      }
    }
  }

  private static void tsv(FileStoreTable table, Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    ReadBuilder builder = table.newReadBuilder();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(
          row ->
              lines.add(
                  String.join("\t", CanonicalRows.paimonFields(table.rowType(), row, false))));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    lines.sort(null);
    lines.add(0, String.join("\t", table.rowType().getFieldNames()));
    Files.write(file, lines, StandardCharsets.UTF_8);
  }
}
