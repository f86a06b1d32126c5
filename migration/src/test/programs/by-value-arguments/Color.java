package example.by_value_arguments;

/** An enum argument. */
public enum Color { RED, GREEN }
