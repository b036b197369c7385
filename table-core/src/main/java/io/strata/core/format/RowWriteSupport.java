package io.strata.core.format;

import io.strata.core.types.RowType;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Parquet WriteSupport for rows of a RowType, {@code Object[]} or {@link BatchRow}, writing no
 * extra footer metadata.
 */
final class RowWriteSupport extends WriteSupport<Object> {

  private final MessageType schema;
  private final ParquetValueWriters.FieldsWriter fields;
  private RecordConsumer consumer;

  RowWriteSupport(RowType rowType) {
    this.schema = ParquetSchemas.toMessageType(rowType);
    this.fields = new ParquetValueWriters.FieldsWriter(rowType);
  }

  @Override
  public WriteContext init(Configuration configuration) {
    return new WriteContext(schema, Map.of());
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.consumer = recordConsumer;
  }

  @Override
  public void write(Object row) {
    consumer.startMessage();
    if (row instanceof BatchRow batchRow) {
      fields.write(consumer, batchRow.batch(), batchRow.row());
    } else {
      fields.write(consumer, (Object[]) row);
    }
    consumer.endMessage();
  }
}
