package io.strata.spark.procedures;

import io.strata.core.table.FileStoreTable;
import io.strata.spark.SparkErrors;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * reset_consumer and clear_consumers: move or remove consumers' positions ({@code
 * consumer/consumer-<id>}).
 */
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

  static StrataProcedure clearConsumers(TableArgument tables) {
    return new StrataProcedure(
        "clear_consumers",
        "Deletes the consumers whose id matches including_consumers (all when NULL) and not"
            + " excluding_consumers, so snapshot expiration no longer keeps what they have not"
            + " read.",
        List.of(
            Param.table(),
            Param.optional(
                "including_consumers",
                org.apache.spark.sql.types.DataTypes.StringType,
                "A regular expression a consumer id must match as a whole; NULL = every one."),
            Param.optional(
                "excluding_consumers",
                org.apache.spark.sql.types.DataTypes.StringType,
                "A regular expression of consumer ids to keep.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        String including = args.string("including_consumers");
        String excluding = args.string("excluding_consumers");
        Pattern in =
            including == null || including.isBlank()
                ? Pattern.compile(".*")
                : pattern("including_consumers", including);
        Pattern out =
            excluding == null || excluding.isBlank()
                ? null
                : pattern("excluding_consumers", excluding);
        tables.load(args.requiredString("table")).consumerManager().clear(in, out);
        return Results.ok();
      }
    };
  }

  private static Pattern pattern(String argument, String regex) {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw SparkErrors.invalidPattern(argument, regex, e.getDescription());
    }
  }
}
