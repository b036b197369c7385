package io.strata.core.merge;

import io.strata.core.errors.CoreErrors;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Set;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.memory.Memory;
import org.apache.datasketches.theta.SetOperation;
import org.apache.datasketches.theta.Sketch;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * The functions of VARBINARY columns holding serialized bitmaps or sketches, merged as their union
 * with the libraries Spark ships (RoaringBitmap, Apache DataSketches), the serialized forms Paimon
 * 1.3.1 reads and writes:
 *
 * <ul>
 *   <li>{@code rbm32}: a RoaringBitmap in its portable serialization, run-optimized after the
 *       union;
 *   <li>{@code rbm64}: a {@code Roaring64Bitmap} as its {@code serialize(DataOutput)} writes it,
 *       run-optimized after the union;
 *   <li>{@code hll_sketch}: an HLL sketch, the union's result written compact as {@code HLL_4};
 *   <li>{@code theta_sketch}: a theta sketch, the union's result (default nominal entries) written
 *       compact.
 * </ul>
 *
 * A NULL leaves the other value as it is, not re-serialized, as in Paimon; a retraction cannot be
 * undone (the base class fails it, as Paimon's functions do).
 */
final class SketchUnion {

  private SketchUnion() {}

  static final Set<String> NAMES = Set.of("rbm32", "rbm64", "hll_sketch", "theta_sketch");

  /** How one function unions two serialized values. */
  private interface Union {
    byte[] apply(byte[] acc, byte[] value) throws IOException;
  }

  /**
   * Fails unless {@code value} parses as what the function {@code name} (one of {@link #NAMES})
   * merges: checked when the value is written, so that no merge meets it later.
   */
  static void parse(String name, String field, byte[] value) {
    Exception failure = parseFailure(name, value);
    if (failure != null) {
      throw CoreErrors.unwritableSketch(name, field, form(name), value.length, failure);
    }
  }

  /** Why {@code value} does not parse as the function {@code name} merges it, or null. */
  private static Exception parseFailure(String name, byte[] value) {
    try {
      switch (name) {
        case "rbm32" -> new RoaringBitmap().deserialize(ByteBuffer.wrap(value));
        case "rbm64" ->
            new Roaring64Bitmap().deserialize(new DataInputStream(new ByteArrayInputStream(value)));
        case "hll_sketch" -> HllSketch.heapify(value);
        default -> Sketch.heapify(Memory.wrap(value));
      }
      return null;
    } catch (IOException | RuntimeException e) {
      return e;
    }
  }

  private static String form(String name) {
    return switch (name) {
      case "rbm32" -> "a 32-bit RoaringBitmap in its portable serialization";
      case "rbm64" -> "a Roaring64Bitmap as its serialize(DataOutput) writes it";
      case "hll_sketch" -> "a serialized DataSketches HLL sketch";
      default -> "a serialized DataSketches theta sketch";
    };
  }

  /** The function {@code name}, one of {@link #NAMES}. */
  static FieldAggregator of(String name, String field) {
    Union union =
        switch (name) {
          case "rbm32" -> SketchUnion::bitmap32;
          case "rbm64" -> SketchUnion::bitmap64;
          case "hll_sketch" -> SketchUnion::hll;
          default -> SketchUnion::theta;
        };
    return of(name, field, union, form(name));
  }

  private static FieldAggregator of(String name, String field, Union union, String form) {
    return new FieldAggregator(name, field) {
      @Override
      Object add(Object acc, Object v, boolean first) {
        if (acc == null || v == null) {
          return acc == null ? v : acc;
        }
        byte[] a = (byte[]) acc;
        byte[] b = (byte[]) v;
        try {
          return union.apply(a, b);
        } catch (IOException | RuntimeException e) {
          byte[] unreadable = parseFailure(name, a) != null ? a : b;
          throw CoreErrors.unreadableSketch(name, field, form, unreadable.length, e);
        }
      }
    };
  }

  private static byte[] bitmap32(byte[] acc, byte[] value) throws IOException {
    RoaringBitmap union = new RoaringBitmap();
    union.deserialize(ByteBuffer.wrap(acc));
    RoaringBitmap other = new RoaringBitmap();
    other.deserialize(ByteBuffer.wrap(value));
    union.or(other);
    union.runOptimize();
    ByteBuffer out = ByteBuffer.allocate(union.serializedSizeInBytes());
    union.serialize(out);
    return out.array();
  }

  private static byte[] bitmap64(byte[] acc, byte[] value) throws IOException {
    Roaring64Bitmap union = new Roaring64Bitmap();
    union.deserialize(new DataInputStream(new ByteArrayInputStream(acc)));
    Roaring64Bitmap other = new Roaring64Bitmap();
    other.deserialize(new DataInputStream(new ByteArrayInputStream(value)));
    union.or(other);
    union.runOptimize();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      union.serialize(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static byte[] hll(byte[] acc, byte[] value) {
    org.apache.datasketches.hll.Union union = org.apache.datasketches.hll.Union.heapify(value);
    union.update(HllSketch.heapify(acc));
    return union.getResult(TgtHllType.HLL_4).toCompactByteArray();
  }

  private static byte[] theta(byte[] acc, byte[] value) {
    org.apache.datasketches.theta.Union union = SetOperation.builder().buildUnion();
    union.union(Memory.wrap(acc));
    union.union(Memory.wrap(value));
    return union.getResult().toByteArray();
  }
}
