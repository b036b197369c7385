package io.strata.spark.write;

import java.nio.file.Path;
import org.apache.spark.SparkEnv;
import org.apache.spark.util.Utils;

/**
 * Where write tasks spill their sorted buffers: one of Spark's local directories ({@code
 * spark.local.dir}, or the cluster manager's), as Spark's own sorts do, or {@code java.io.tmpdir}
 * outside Spark.
 */
public final class SparkLocalDirs {

  private SparkLocalDirs() {}

  public static Path spillDir() {
    SparkEnv env = SparkEnv.get();
    String root =
        env == null ? System.getProperty("java.io.tmpdir") : Utils.getLocalDir(env.conf());
    return Path.of(root, "strata-spill");
  }
}
