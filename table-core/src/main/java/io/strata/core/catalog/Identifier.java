package io.strata.core.catalog;

import io.strata.core.errors.SchemaErrors;

/**
 * A table's database and name. The name may carry Paimon's suffixes: a branch ({@code
 * t$branch_dev}), a system table ({@code t$files}), or both ({@code t$branch_dev$files}).
 */
public record Identifier(String database, String table) {

  public static final String SYSTEM_TABLE_SEPARATOR = "$";

  /** How a name's second part names a branch: {@code t$branch_<name>}. */
  public static final String BRANCH_PREFIX = "branch_";

  public Identifier {
    if (database == null || database.isEmpty() || table == null || table.isEmpty()) {
      throw SchemaErrors.invalidIdentifier(database, table);
    }
  }

  /** The table's own name, without branch or system-table suffix. */
  public String objectName() {
    return parts()[0];
  }

  /** The branch the name reads ({@code t$branch_dev}), or null for the table's main branch. */
  public String branch() {
    return parts()[1];
  }

  /** The system table the name reads ({@code t$files}), or null for a data table. */
  public String systemTable() {
    return parts()[2];
  }

  /** The table itself: the name without branch or system-table suffix. */
  public Identifier withoutSuffixes() {
    return new Identifier(database, objectName());
  }

  /** The data table this names: the table or its branch, without system-table suffix. */
  public Identifier withoutSystemTable() {
    String branch = branch();
    return branch == null
        ? withoutSuffixes()
        : new Identifier(database, objectName() + SYSTEM_TABLE_SEPARATOR + BRANCH_PREFIX + branch);
  }

  /** {table, branch or null, system table or null}, as Paimon splits names on '$'. */
  private String[] parts() {
    String[] split = table.split("\\$", -1);
    boolean secondIsBranch =
        split.length > 1
            && split[1].regionMatches(true, 0, BRANCH_PREFIX, 0, BRANCH_PREFIX.length());
    return switch (split.length) {
      case 1 -> new String[] {table, null, null};
      case 2 ->
          secondIsBranch
              ? new String[] {split[0], split[1].substring(BRANCH_PREFIX.length()), null}
              : new String[] {split[0], null, split[1]};
      case 3 -> {
        if (!secondIsBranch) {
          throw SchemaErrors.invalidSuffixes(toString());
        }
        yield new String[] {split[0], split[1].substring(BRANCH_PREFIX.length()), split[2]};
      }
      default -> throw SchemaErrors.invalidSuffixes(toString());
    };
  }

  @Override
  public String toString() {
    return database + "." + table;
  }
}
