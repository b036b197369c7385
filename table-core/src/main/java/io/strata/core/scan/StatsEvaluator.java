package io.strata.core.scan;

import io.strata.core.manifest.ManifestEntry;
import io.strata.core.predicate.Predicate;
import io.strata.core.schema.SchemaManager;
import io.strata.core.schema.TableSchema;

/** Decides from a file's value stats whether it may hold rows matching a filter. */
final class StatsEvaluator {

  private final FileStatsReader stats;
  private final Predicate filter;

  StatsEvaluator(SchemaManager schemas, TableSchema readSchema, Predicate filter) {
    this.stats = new FileStatsReader(schemas, readSchema);
    this.filter = filter;
  }

  boolean mayMatch(ManifestEntry entry) {
    FileStatsReader.FileStats s = stats.read(entry.file());
    // Without stats every bound is unknown, which still lets a constant FALSE skip the file.
    return s == null
        ? filter.mayMatch(entry.file().rowCount(), null, null, null)
        : filter.mayMatch(entry.file().rowCount(), s.min(), s.max(), s.nullCounts());
  }
}
