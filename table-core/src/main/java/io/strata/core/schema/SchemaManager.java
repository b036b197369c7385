package io.strata.core.schema;

import io.strata.core.errors.CoreErrors;
import io.strata.core.io.CorruptFileException;
import io.strata.core.io.FileIO;
import io.strata.core.io.NumberedFiles;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.paths.TablePaths;
import io.strata.core.snapshot.SnapshotManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Reads and publishes {@code schema/schema-N} files; schemas are immutable, so they are cached. */
public final class SchemaManager implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  private static final String PREFIX = "schema-";
  private static final int MAX_CHANGE_ATTEMPTS = 10;

  private final FileIO fileIO;
  private final TablePaths paths;
  private final Map<Long, TableSchema> cache = new ConcurrentHashMap<>();

  public SchemaManager(FileIO fileIO, TablePaths paths) {
    this.fileIO = fileIO;
    this.paths = paths;
  }

  public List<Long> listIds() {
    try {
      return NumberedFiles.ids(fileIO, paths.schemaDir(), PREFIX);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list schemas of " + paths.root(), e);
    }
  }

  /** The newest schema, or null when the directory holds no table. */
  public TableSchema latest() {
    List<Long> ids = listIds();
    return ids.isEmpty() ? null : schema(ids.get(ids.size() - 1));
  }

  /**
   * The latest schema when a schema newer than {@code known} exists, else {@code known} itself. One
   * existence check when nothing changed, so commits can afford it.
   */
  public TableSchema latestSince(TableSchema known) {
    try {
      if (!fileIO.exists(paths.schema(known.id() + 1))) {
        return known;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read schemas of " + paths.root(), e);
    }
    return latest();
  }

  /**
   * Whether some schema of the table, older or newer, has another bucket count than {@code
   * current}: the table was rescaled ({@code ALTER TABLE ... SET ('bucket' = ...)}), so its
   * partitions may hold files of different counts. Each schema is read once per manager.
   */
  public boolean bucketCountChangedFrom(TableSchema current) {
    int buckets = bucketsOf(current);
    for (long id : listIds()) {
      if (id != current.id() && bucketsOf(schema(id)) != buckets) {
        return true;
      }
    }
    return false;
  }

  private static int bucketsOf(TableSchema schema) {
    return new Options(schema.options()).get(TableOptions.BUCKET);
  }

  public TableSchema schema(long id) {
    return cache.computeIfAbsent(
        id,
        k -> {
          try {
            return SchemaJson.fromJson(fileIO.readUtf8(paths.schema(k)));
          } catch (java.io.FileNotFoundException e) {
            throw new UncheckedIOException("Cannot read schema " + k + " of " + paths.root(), e);
          } catch (IOException | RuntimeException e) {
            throw CorruptFileException.of(CorruptFileException.Kind.SCHEMA, paths.schema(k), e);
          }
        });
  }

  /**
   * Applies schema changes as one new version on top of the latest schema and publishes it; when a
   * concurrent change takes that version first, the changes are applied again on top of it.
   *
   * @return the published schema
   */
  public TableSchema commitChanges(List<? extends SchemaChange> changes, Clock clock) {
    for (int attempt = 0; ; attempt++) {
      TableSchema latest = latest();
      if (latest == null) {
        throw CoreErrors.alterWithoutTable(paths.root().toString());
      }
      TableSchema next = SchemaEvolution.apply(latest, changes, clock.millis(), this::hasSnapshots);
      if (tryCommit(next)) {
        cache.put(next.id(), next);
        return next;
      }
      if (attempt >= MAX_CHANGE_ATTEMPTS) {
        throw CoreErrors.schemaRetriesExhausted(paths.root().toString(), next.id());
      }
    }
  }

  /**
   * Whether the table (this branch) has a snapshot. A write that commits the first snapshot while a
   * layout change is published can slip between this check and the new schema, as in Paimon; its
   * commit refuses the change when it sees the new schema first ({@code SchemaConflicts}).
   */
  private boolean hasSnapshots() {
    return new SnapshotManager(fileIO, paths).latestId().isPresent();
  }

  /**
   * Publishes a schema whose id must be the next free one.
   *
   * @return false when another writer took that id first
   */
  public boolean tryCommit(TableSchema schema) {
    try {
      byte[] json = SchemaJson.toJson(schema).getBytes(StandardCharsets.UTF_8);
      return fileIO.tryCreateAtomically(paths.schema(schema.id()), json);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot write schema " + schema.id() + " of " + paths.root(), e);
    }
  }
}
