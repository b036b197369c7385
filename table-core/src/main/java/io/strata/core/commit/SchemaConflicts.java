package io.strata.core.commit;

import io.strata.core.options.ConfigOption;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.schema.TableSchema;
import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.Objects;
import org.apache.hadoop.fs.Path;

/**
 * Whether files written with one schema may be committed after the table moved on to a newer one.
 * They may when every field they hold (matched by id, at every level) still exists with the same
 * type: columns added, renamed, commented or made nullable meanwhile do not matter, since readers
 * map files by field id. A dropped or retyped field is a conflict: the data would be silently lost
 * or read differently than written. So is a change of the bucket layout or merge options (possible
 * only while the table had no snapshot): the files are laid out or merged by the old ones.
 */
final class SchemaConflicts {

  private SchemaConflicts() {}

  /**
   * Throws {@link CommitConflictException} when {@code written} files cannot join {@code latest}.
   */
  static void check(Path table, TableSchema written, TableSchema latest) {
    String problem = optionProblem(new Options(written.options()), new Options(latest.options()));
    if (problem == null) {
      problem = problem(written.rowType(), latest.rowType(), "");
    }
    if (problem != null) {
      throw CommitConflictException.schemaChanged(
          String.valueOf(table), written.id(), latest.id(), problem);
    }
  }

  /**
   * A fixed bucket count changing to another is no conflict here: the files keep their count, and
   * the commit's bucket count check refuses a partition left with two.
   */
  private static String optionProblem(Options written, Options latest) {
    int before = written.get(TableOptions.BUCKET);
    int after = latest.get(TableOptions.BUCKET);
    if (before != after && (before <= 0 || after <= 0)) {
      return "table option 'bucket' that laid out its files changed from "
          + before
          + " to "
          + after;
    }
    for (ConfigOption<?> option : SchemaFactory.IMMUTABLE_OPTIONS) {
      Object w = written.get(option);
      Object l = latest.get(option);
      if (!Objects.equals(w, l)) {
        return "table option '"
            + option.key()
            + "' that its files were written under changed from "
            + text(written, option)
            + " to "
            + text(latest, option);
      }
    }
    return null;
  }

  private static String text(Options options, ConfigOption<?> option) {
    String raw = options.rawValue(option);
    return raw != null ? "'" + raw + "'" : "its default " + option.defaultValueText();
  }

  private static String problem(RowType written, RowType latest, String prefix) {
    for (DataField w : written.fields()) {
      DataField l = null;
      for (DataField f : latest.fields()) {
        if (f.id() == w.id()) {
          l = f;
        }
      }
      String name = prefix + w.name();
      if (l == null) {
        return "column '" + name + "' (field id " + w.id() + ") that it writes was dropped";
      }
      String nested = problem(w.type(), l.type(), name);
      if (nested != null) {
        return nested;
      }
    }
    return null;
  }

  private static String problem(DataType written, DataType latest, String name) {
    if (written instanceof RowType w && latest instanceof RowType l) {
      return problem(w, l, name + ".");
    }
    if (written instanceof ArrayType w && latest instanceof ArrayType l) {
      return problem(w.element(), l.element(), name + ".element");
    }
    if (written instanceof MapType w && latest instanceof MapType l) {
      String key = problem(w.key(), l.key(), name + ".key");
      return key != null ? key : problem(w.value(), l.value(), name + ".value");
    }
    if (written instanceof AtomicType
        && written.withNullable(true).equals(latest.withNullable(true))) {
      return null;
    }
    return "column '"
        + name
        + "' that it writes changed type from "
        + written.withNullable(true)
        + " to "
        + latest.withNullable(true);
  }
}
