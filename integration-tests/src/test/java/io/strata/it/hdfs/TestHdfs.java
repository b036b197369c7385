package io.strata.it.hdfs;

import io.strata.it.TestSpark$;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.sql.classic.SparkSession;

/**
 * The one in-JVM HDFS of a test JVM (a {@link MiniDFSCluster} with one data node), started on first
 * use and shut down at JVM exit, like the shared SparkSession.
 *
 * <p>Tests reach it by {@code hdfs://} URIs only: Hadoop's client finds the file system from the
 * scheme, so no Spark or Hadoop default configuration has to change.
 */
public final class TestHdfs {

  private static MiniDFSCluster cluster;
  private static Path warehouse;

  private TestHdfs() {}

  /** {@code hdfs://127.0.0.1:<port>}, the root of the cluster. */
  public static synchronized String uri() {
    if (cluster == null) {
      cluster = start();
      MiniDFSCluster started = cluster;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> started.shutdown(true)));
    }
    return "hdfs://127.0.0.1:" + cluster.getNameNodePort();
  }

  /** A fresh directory on the cluster, e.g. a warehouse. */
  public static Path newDirectory(String name) {
    Path dir = new Path(uri() + "/" + name + "-" + System.nanoTime());
    try {
      fileSystem().mkdirs(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }

  /** The warehouse the HDFS suites share, created on first use. */
  public static synchronized String warehouse() {
    if (warehouse == null) {
      warehouse = newDirectory("strata-it-warehouse");
    }
    return warehouse.toString();
  }

  /**
   * A new session of the shared SparkSession whose {@code strata} catalog keeps its tables in
   * {@link #warehouse()}: catalogs are made per session from its conf, so the same statements, and
   * the same catalog name in their output, run against HDFS.
   */
  public static SparkSession newSparkSession() {
    SparkSession session = TestSpark$.MODULE$.session().newSession();
    session.conf().set("spark.sql.catalog.strata.warehouse", warehouse());
    // Session entries reach the Hadoop configuration the catalog's file IO is built from.
    clientConf().forEach((k, v) -> session.conf().set(k, v));
    return session;
  }

  public static FileSystem fileSystem() throws IOException {
    Configuration conf = new Configuration();
    clientConf().forEach(conf::set);
    return new Path(uri()).getFileSystem(conf);
  }

  /**
   * Hadoop settings of the test clients: the URI is all they need, but closing a file otherwise
   * polls the name node from 400 ms on, which makes each small metadata file cost that long.
   */
  public static Map<String, String> clientConf() {
    return Map.of("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", "10");
  }

  private static MiniDFSCluster start() {
    try {
      Configuration conf = new Configuration();
      conf.set(
          MiniDFSCluster.HDFS_MINIDFS_BASEDIR,
          Files.createTempDirectory("strata-minidfs").toString());
      // Small blocks and no permission checks: tests write tiny files as the JVM's user.
      conf.setLong("dfs.blocksize", 1L << 20);
      conf.setInt("dfs.replication", 1);
      conf.setBoolean("dfs.permissions.enabled", false);
      // A file may close before the data node reports its block (the pipeline acknowledged it).
      conf.setInt("dfs.namenode.file.close.num-committed-allowed", 1);
      return new MiniDFSCluster.Builder(conf).numDataNodes(1).format(true).build();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start the test HDFS cluster", e);
    }
  }
}
