#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <signal.h>
