package io.strata.core.split;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Ordered bin packing: items keep their order; a bin closes when the next item would push it past
 * the target weight (a single heavy item still gets a bin of its own).
 *
 * <p>Example, target 128, weights 40 30 50 35 60 45: [40 30 50] [35 60] [45].
 */
public final class OrderedPacking {

  private OrderedPacking() {}

  public static <T> List<List<T>> pack(List<T> items, ToLongFunction<T> weight, long target) {
    List<List<T>> bins = new ArrayList<>();
    List<T> bin = new ArrayList<>();
    long binWeight = 0;
    for (T item : items) {
      long w = weight.applyAsLong(item);
      if (!bin.isEmpty() && binWeight + w > target) {
        bins.add(bin);
        bin = new ArrayList<>();
        binWeight = 0;
      }
      bin.add(item);
      binWeight += w;
    }
    if (!bin.isEmpty()) {
      bins.add(bin);
    }
    return bins;
  }
}
