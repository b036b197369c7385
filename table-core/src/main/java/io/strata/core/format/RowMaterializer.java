package io.strata.core.format;

import io.strata.core.types.RowType;
import java.util.Set;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/** Materializes Parquet records of a requested schema as {@code Object[]} rows of a read type. */
final class RowMaterializer extends RecordMaterializer<Object[]> {

  private final GroupConverters.RowConverter root;

  RowMaterializer(MessageType requestedSchema, RowType readType, Set<Integer> encodedStrings) {
    this.root =
        new GroupConverters.RowConverter(null, requestedSchema, readType, null, encodedStrings);
  }

  @Override
  public Object[] getCurrentRecord() {
    return root.current();
  }

  @Override
  public GroupConverter getRootConverter() {
    return root;
  }
}
