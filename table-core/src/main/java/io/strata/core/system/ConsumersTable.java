package io.strata.core.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.io.FileIO;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/** {@code t$consumers}: {@code consumer/consumer-<id>} files and their next snapshot ids. */
final class ConsumersTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row("consumer_id", Fields.stringNotNull(), "next_snapshot_id", Fields.bigintNotNull());
  private static final String PREFIX = "consumer-";

  @Override
  public String name() {
    return "consumers";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot ignored) {
    List<Object[]> rows = new ArrayList<>();
    ObjectMapper mapper = new ObjectMapper();
    try {
      for (FileIO.FileStatusInfo f : table.fileIO().list(new Path(table.root(), "consumer"))) {
        String name = f.path().getName();
        if (name.startsWith(PREFIX)) {
          JsonNode json = mapper.readTree(table.fileIO().readUtf8(f.path()));
          rows.add(
              new Object[] {name.substring(PREFIX.length()), json.path("nextSnapshot").asLong()});
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read consumers of " + table.root(), e);
    }
    rows.sort((a, b) -> ((String) a[0]).compareTo((String) b[0]));
    return rows;
  }
}
