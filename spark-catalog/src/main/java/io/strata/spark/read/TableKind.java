package io.strata.spark.read;

import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.schema.TableSchema;

/**
 * A table's kind in one phrase, for EXPLAIN and DESCRIBE EXTENDED: {@code primary-key (bucket 2,
 * merge-engine deduplicate)}, {@code append (bucket-unaware)}, {@code append (bucket 4, bucket-key
 * id)}.
 */
public final class TableKind {

  private TableKind() {}

  public static String of(TableSchema schema) {
    Options options = new Options(schema.options());
    int bucket = options.get(TableOptions.BUCKET);
    if (schema.hasPrimaryKey()) {
      return "primary-key ("
          + bucketMode(bucket)
          + ", merge-engine "
          + options.get(TableOptions.MERGE_ENGINE).value()
          + ")";
    }
    if (bucket > 0) {
      return "append (bucket "
          + bucket
          + ", bucket-key "
          + options.get(TableOptions.BUCKET_KEY)
          + ")";
    }
    return "append (bucket-unaware)";
  }

  private static String bucketMode(int bucket) {
    return switch (bucket) {
      case -1 -> "dynamic bucket";
      case -2 -> "postponed bucket";
      default -> "bucket " + bucket;
    };
  }
}
