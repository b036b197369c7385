package io.strata.core.paths;

import org.apache.hadoop.fs.Path;

/**
 * Where each file of a table lives (FORMAT.md §1), as seen from one of its branches.
 *
 * <p>A branch is Paimon's: its own schemas, snapshots, tags, consumers and changelog metadata under
 * {@code branch/branch-<name>/}, while manifests, index files and data files of every branch share
 * the table's directories. The main branch keeps its metadata at the table's root.
 */
public record TablePaths(Path root, String branch) implements java.io.Serializable {

  /** The branch every table has, whose metadata lies at the table's root. */
  public static final String MAIN_BRANCH = "main";

  private static final String BRANCH_PREFIX = "branch-";

  public TablePaths {
    branch = branch == null || branch.isBlank() ? MAIN_BRANCH : branch;
    if (!branch.equals(MAIN_BRANCH)) {
      Names.branch(branch);
    }
  }

  /** The main branch of the table at {@code root}. */
  public TablePaths(Path root) {
    this(root, MAIN_BRANCH);
  }

  /** The same table as seen from {@code name} ({@code main} for the table's own metadata). */
  public TablePaths forBranch(String name) {
    return new TablePaths(root, name);
  }

  public boolean isMainBranch() {
    return branch.equals(MAIN_BRANCH);
  }

  /** Where this branch's schemas, snapshots, tags and consumers live. */
  public Path metadataRoot() {
    return isMainBranch() ? root : branchDir(branch);
  }

  /** The directory of branch {@code name}; refuses names that are not safe file names. */
  public Path branchDir(String name) {
    return new Path(branchesDir(), NameKind.BRANCH.component(Names.branch(name)));
  }

  public Path schemaDir() {
    return new Path(metadataRoot(), "schema");
  }

  public Path schema(long id) {
    return new Path(schemaDir(), "schema-" + id);
  }

  public Path snapshotDir() {
    return new Path(metadataRoot(), "snapshot");
  }

  public Path snapshot(long id) {
    return new Path(snapshotDir(), "snapshot-" + id);
  }

  /** The lock file commits take turns through when {@code lock.enabled} is set. */
  public Path commitLock() {
    return new Path(snapshotDir(), ".commit.lock");
  }

  public Path latestHint() {
    return new Path(snapshotDir(), "LATEST");
  }

  public Path earliestHint() {
    return new Path(snapshotDir(), "EARLIEST");
  }

  /** Where the branches other than main live, {@code branch/branch-<name>/} each. */
  public Path branchesDir() {
    return new Path(root, "branch");
  }

  /** The name of a branch directory, or null for another directory under {@link #branchesDir}. */
  public static String branchName(Path dir) {
    String name = dir.getName();
    return name.startsWith(BRANCH_PREFIX) ? name.substring(BRANCH_PREFIX.length()) : null;
  }

  /** Paimon's changelog metadata kept past snapshot expiration: {@code changelog/changelog-N}. */
  public Path changelogDir() {
    return new Path(metadataRoot(), "changelog");
  }

  /** The changelog metadata of snapshot {@code id}, kept past the snapshot's expiration. */
  public Path changelog(long id) {
    return new Path(changelogDir(), "changelog-" + id);
  }

  public Path changelogLatestHint() {
    return new Path(changelogDir(), "LATEST");
  }

  public Path changelogEarliestHint() {
    return new Path(changelogDir(), "EARLIEST");
  }

  public Path manifestDir() {
    return new Path(root, "manifest");
  }

  /** A manifest or manifest list named by metadata; refused unless a plain file name. */
  public Path manifest(String fileName) {
    return new Path(manifestDir(), PathContainment.requirePlainFileName("manifest", fileName));
  }

  /**
   * A table statistics file ({@code statistics/<name>}, Paimon's {@code ANALYZE TABLE}) named by a
   * snapshot; refused unless a plain file name.
   */
  public Path statisticsFile(String fileName) {
    return new Path(
        new Path(root, "statistics"), PathContainment.requirePlainFileName("statistics", fileName));
  }

  /** Where deletion-vector and hash index files live. */
  public Path indexDir() {
    return new Path(root, "index");
  }

  /** An index file named by an index manifest; refused unless a plain file name. */
  public Path indexFile(String fileName) {
    return new Path(indexDir(), PathContainment.requirePlainFileName("index", fileName));
  }

  public Path tagDir() {
    return new Path(metadataRoot(), "tag");
  }

  /** The file of tag {@code name}; refuses names that are not safe file names. */
  public Path tag(String name) {
    return new Path(tagDir(), NameKind.TAG.component(Names.tag(name)));
  }

  public Path consumerDir() {
    return new Path(metadataRoot(), "consumer");
  }

  /** The file of consumer {@code id}; refuses ids that are not safe file names. */
  public Path consumer(String id) {
    return new Path(consumerDir(), NameKind.CONSUMER.component(Names.consumer(id)));
  }

  /** The bucket directory; {@code partitionPath} is empty for unpartitioned tables. */
  public Path bucketDir(String partitionPath, int bucket) {
    Path partitionDir = partitionPath.isEmpty() ? root : new Path(root, partitionPath);
    // Paimon's postponed bucket (-2) holds files its compaction has not bucketed yet.
    return new Path(partitionDir, bucket == -2 ? "bucket-postpone" : "bucket-" + bucket);
  }
}
