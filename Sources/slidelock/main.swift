import SlideLockCore
print("slidelock")
