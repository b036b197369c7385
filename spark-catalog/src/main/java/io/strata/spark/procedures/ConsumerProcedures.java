package io.strata.spark.procedures;

import io.strata.core.table.FileStoreTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.fs.Path;

/** reset_consumer: moves or removes a consumer's position ({@code consumer/consumer-<id>}). */
final class ConsumerProcedures {

  private ConsumerProcedures() {}

  static StrataProcedure resetConsumer(TableArgument tables) {
    return new StrataProcedure(
        "reset_consumer",
        "Sets a consumer's next snapshot id, or deletes the consumer when none is given.",
        List.of(
            Param.table(),
            Param.required(
                "consumer_id", org.apache.spark.sql.types.DataTypes.StringType, "The consumer."),
            Param.optional(
                "next_snapshot_id",
                org.apache.spark.sql.types.DataTypes.LongType,
                "Next snapshot it reads; NULL deletes the consumer.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable t = tables.load(args.requiredString("table"));
        String id = args.requiredString("consumer_id");
        Path file = t.paths().consumer(id);
        Long next = args.longValue("next_snapshot_id");
        try {
          if (next == null) {
            t.fileIO().delete(file);
          } else {
            if (!t.snapshotManager().exists(next)
                && t.snapshotManager().latestId().orElse(0) + 1 != next) {
              throw new IllegalArgumentException(
                  "next_snapshot_id "
                      + next
                      + " is not a snapshot of the table; available range is ["
                      + t.snapshotManager().earliestId().orElse(0)
                      + ", "
                      + (t.snapshotManager().latestId().orElse(0) + 1)
                      + "].");
            }
            t.fileIO()
                .overwriteFile(
                    file,
                    ("{\n  \"nextSnapshot\" : " + next + "\n}").getBytes(StandardCharsets.UTF_8));
          }
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot reset consumer " + id, e);
        }
        return Results.ok();
      }
    };
  }
}
