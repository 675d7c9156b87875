package org.ringlab.queues.broadcast;

/** {@link WaitStrategy#spin()}. */
final class SpinWait implements WaitStrategy {

    static final SpinWait INSTANCE = new SpinWait();

    private SpinWait() {
    }

    @Override
    public String name() {
        return "spin";
    }

    @Override
    public void idle(int step) {
        Thread.onSpinWait();
    }

    @Override
    public boolean parksAt(int step) {
        return false;
    }

    @Override
    public String toString() {
        return name();
    }
}
