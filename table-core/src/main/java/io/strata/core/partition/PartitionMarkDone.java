package io.strata.core.partition;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.core.data.PartitionPath;
import io.strata.core.errors.CoreErrors;
import io.strata.core.json.PaimonJson;
import io.strata.core.options.PartitionMarkDoneOptions;
import io.strata.core.options.TableOptions;
import io.strata.core.store.FileStore;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Marks partitions done, so that downstream jobs waiting for them may start: by the table's {@code
 * partition.mark-done-action}, of which Strata performs {@code success-file}, a {@code _SUCCESS}
 * file in the partition directory as Paimon writes it ({@code creationTime} and {@code
 * modificationTime} in epoch millis; marking again keeps the creation time).
 */
public final class PartitionMarkDone {

  public static final String SUCCESS_FILE_NAME = "_SUCCESS";

  private final FileStore table;

  /** Refuses, before anything is written, an action that Strata cannot perform. */
  public PartitionMarkDone(FileStore table) {
    this.table = table;
    String actions = table.options().get(PartitionMarkDoneOptions.MARK_DONE_ACTION);
    for (String action : PartitionMarkDoneOptions.actions(actions)) {
      if (!action.equals(PartitionMarkDoneOptions.SUCCESS_FILE)) {
        throw CoreErrors.unsupportedMarkDoneAction(action, actions);
      }
    }
  }

  /**
   * Marks each partition (its values in partition-column order) done at {@code nowMillis}.
   *
   * @return the partition paths marked, as {@code k=v/k2=v2}
   */
  public List<String> markDone(List<Object[]> partitions, long nowMillis) {
    List<String> marked = new ArrayList<>();
    for (Object[] values : partitions) {
      String partition =
          PartitionPath.path(
              table.schema().partitionType(),
              values,
              table.options().get(TableOptions.PARTITION_DEFAULT_NAME),
              table.options().get(TableOptions.PARTITION_LEGACY_NAME));
      Path file = new Path(new Path(table.root(), partition), SUCCESS_FILE_NAME);
      try {
        long created = creationTime(file, nowMillis);
        table
            .fileIO()
            .overwriteFile(file, successFile(created, nowMillis).getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot mark partition " + partition + " done", e);
      }
      marked.add(partition);
    }
    return marked;
  }

  private long creationTime(Path file, long nowMillis) throws IOException {
    try {
      JsonNode existing = PaimonJson.parse(table.fileIO().readUtf8(file));
      return existing.path("creationTime").asLong(nowMillis);
    } catch (FileNotFoundException e) {
      return nowMillis;
    }
  }

  static String successFile(long creationTime, long modificationTime) {
    return PaimonJson.pretty(
        gen -> {
          gen.writeStartObject();
          gen.writeNumberField("creationTime", creationTime);
          gen.writeNumberField("modificationTime", modificationTime);
          gen.writeEndObject();
        });
  }
}
