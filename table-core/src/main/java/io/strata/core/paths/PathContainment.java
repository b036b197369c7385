package io.strata.core.paths;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.hadoop.fs.Path;

/**
 * Checks that a path stays inside a directory after normalization: the last line of defence of
 * every delete, so that no metadata file, hand edit or bug can make Strata change a file outside
 * the table (or database, or warehouse) it works on.
 */
public final class PathContainment {

  private PathContainment() {}

  /** Whether {@code path} is {@code root} itself or lies below it. */
  public static boolean isInside(Path root, Path path) {
    URI r = root.toUri();
    URI p = path.toUri();
    if (!sameOrUnset(r.getScheme(), p.getScheme())
        || !sameOrUnset(r.getAuthority(), p.getAuthority())) {
      return false;
    }
    String rootPath = normalize(r.getPath());
    String candidate = normalize(p.getPath());
    if (rootPath.startsWith("/") != candidate.startsWith("/")) {
      return false; // one relative, one absolute: containment cannot be proven
    }
    return candidate.equals(rootPath)
        || candidate.startsWith(rootPath.endsWith("/") ? rootPath : rootPath + "/");
  }

  /** Returns {@code path} if it lies strictly below {@code root}; {@code action} names the verb. */
  public static Path requireInside(Path root, Path path, String action) {
    if (!isInside(root, path)
        || normalize(root.toUri().getPath()).equals(normalize(path.toUri().getPath()))) {
      throw UnsafePathException.outside(action, path, root);
    }
    return path;
  }

  /**
   * A file name read from metadata (a data file, manifest or manifest list): one plain component,
   * never a path. {@code what} says which kind of file, for the message.
   */
  public static String requirePlainFileName(String what, String name) {
    String rule = Names.brokenRule(NameKind.TABLE, name);
    if (rule != null) {
      throw UnsafePathException.notPlainFileName(what, name, rule);
    }
    return name;
  }

  private static boolean sameOrUnset(String a, String b) {
    return a == null || b == null || a.equalsIgnoreCase(b);
  }

  /** Resolves "." and ".." segments as a file system would; ".." never climbs above "/". */
  static String normalize(String path) {
    boolean absolute = path.startsWith("/");
    Deque<String> segments = new ArrayDeque<>();
    for (String segment : path.split("/")) {
      if (segment.isEmpty() || segment.equals(".")) {
        continue;
      }
      if (!segment.equals("..")) {
        segments.addLast(segment);
      } else if (!segments.isEmpty() && !segments.peekLast().equals("..")) {
        segments.removeLast();
      } else if (!absolute) {
        segments.addLast(segment);
      }
    }
    return (absolute ? "/" : "") + String.join("/", segments);
  }
}
