#include <hb.h>
#include <hb-ft.h>
