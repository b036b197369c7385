package io.strata.core.paths;

import org.apache.hadoop.fs.Path;

/** Where each file of a table lives (FORMAT.md §1). */
public record TablePaths(Path root) implements java.io.Serializable {

  public Path schemaDir() {
    return new Path(root, "schema");
  }

  public Path schema(long id) {
    return new Path(schemaDir(), "schema-" + id);
  }

  public Path snapshotDir() {
    return new Path(root, "snapshot");
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

  /**
   * Where Paimon keeps its branches, {@code branch/branch-<name>/} each, with their own snapshot,
   * tag and changelog directories; Strata neither reads nor writes them, but keeps their files.
   */
  public Path branchesDir() {
    return new Path(root, "branch");
  }

  /** The name of a branch directory, or null for another directory under {@link #branchesDir}. */
  public static String branchName(Path dir) {
    String name = dir.getName();
    return name.startsWith("branch-") ? name.substring("branch-".length()) : null;
  }

  /** Paimon's changelog metadata kept past snapshot expiration: {@code changelog/changelog-N}. */
  public Path changelogDir() {
    return new Path(root, "changelog");
  }

  public Path manifestDir() {
    return new Path(root, "manifest");
  }

  /** A manifest or manifest list named by metadata; refused unless a plain file name. */
  public Path manifest(String fileName) {
    return new Path(manifestDir(), PathContainment.requirePlainFileName("manifest", fileName));
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
    return new Path(root, "tag");
  }

  /** The file of tag {@code name}; refuses names that are not safe file names. */
  public Path tag(String name) {
    return new Path(tagDir(), NameKind.TAG.component(Names.tag(name)));
  }

  public Path consumerDir() {
    return new Path(root, "consumer");
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
