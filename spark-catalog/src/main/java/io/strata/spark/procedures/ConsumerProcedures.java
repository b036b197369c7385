package io.strata.spark.procedures;

import io.strata.core.table.FileStoreTable;
import io.strata.spark.SparkErrors;
import java.util.List;

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
        Long next = args.longValue("next_snapshot_id");
        if (next == null) {
          t.consumerManager().delete(id);
        } else {
          if (!t.snapshotManager().exists(next)
              && t.snapshotManager().latestId().orElse(0) + 1 != next) {
            throw SparkErrors.consumerSnapshotOutOfRange(
                next,
                t.snapshotManager().earliestId().orElse(0),
                t.snapshotManager().latestId().orElse(0) + 1);
          }
          t.consumerManager().write(id, next);
        }
        return Results.ok();
      }
    };
  }
}
