package io.strata.core.table;

import io.strata.core.format.CloseableIterator;
import io.strata.core.options.Options;
import io.strata.core.read.TableRead;
import io.strata.core.scan.StreamPosition;
import io.strata.core.scan.StreamScan;
import io.strata.core.split.DataSplit;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What a stream reads of one snapshot's changes, for tests of changelog producers. */
public final class StreamedChanges {

  /** The two-column key table the changelog tests write: {@code id BIGINT NOT NULL, v STRING}. */
  public static final RowType ID_AND_VALUE =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "v", DataTypes.STRING())));

  private StreamedChanges() {}

  /** Every record the changes of snapshot {@code id} hold, in stream order: kind, then values. */
  public static List<Object[]> of(FileStoreTable table, RowType rows, long id) {
    List<Object[]> out = new ArrayList<>();
    for (DataSplit split :
        new StreamScan(table, new Options(Map.of())).plan(StreamPosition.changesOf(id))) {
      try (CloseableIterator<Object[]> it = TableRead.openChangesWithRowKinds(table, split, rows)) {
        it.forEachRemaining(out::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  /** {@link #of} of a table of two columns, each record as "kind first=second". */
  public static List<String> asKeyValues(FileStoreTable table, RowType rows, long id) {
    return of(table, rows, id).stream().map(r -> r[0] + " " + r[1] + "=" + r[2]).toList();
  }
}
